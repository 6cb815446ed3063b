export { NotFoundPage as Component } from '@/components/not-found/NotFoundPage';
