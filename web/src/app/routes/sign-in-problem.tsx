export { SignInProblemPage as Component } from '@/features/auth/SignInProblemPage';
