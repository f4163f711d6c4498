// The app's password field (show/hide toggle, rule hint), shared with the account pages.
export { PasswordField } from '../../components/form/password-field';
