export { GoodbyePage as Component } from '@/features/account/components/GoodbyePage';
