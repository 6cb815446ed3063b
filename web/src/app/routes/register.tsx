export { RegisterPage as Component } from '@/features/register/RegisterPage';
