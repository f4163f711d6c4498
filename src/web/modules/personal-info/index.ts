export { PersonalInfoPage } from './personal-info-page';
