export { PrivacyPage as Component } from '@/features/legal/PrivacyPage';
