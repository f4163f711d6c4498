export { AuthLayout } from './auth-layout';
export { SignInPage } from './sign-in-page';
export { SignUpPage } from './sign-up-page';
export { VerifyPage } from './verify-page';
export { ResetPasswordPage } from './reset-password-page';
export { UpdatePasswordPage } from './update-password-page';
