import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The tests reuse the app's Vite config (aliases, React transform) so they see the code as the
// browser does; only the DOM environment and the setup file are added here.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  }),
);
