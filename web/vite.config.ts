import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Go server listens here during development; the dev server forwards the backend's paths to it
// so the app runs same-origin, exactly as it does when the binary serves the built files.
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'use-sync-external-store/shim/index.js': fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // The server's Content-Security-Policy has no 'unsafe-inline' for scripts, and every browser we
    // support understands modulepreload, so Vite's inline polyfill script must not be emitted.
    modulePreload: { polyfill: false },
    // Inlined data: URLs would need extra CSP sources (font-src, img-src data:), so every asset stays
    // a hashed file under dist/assets/ that the server can cache for a year.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The server reads the manifest (dist/.vite/manifest.json) to preload a survey step's code with
    // its page (internal/httpapi/first_screen.go); it never serves the file itself.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs at start-up (React, the router, the frame, the home
          // and crisis pages) goes into the one entry file. Left alone, the bundler splits React
          // into a shared file of its own, and the first paint would wait on a fourth request.
          groups: [
            { name: 'main', tags: ['$initial'] },
            // The query client (TanStack Query, with the app's set-up of it and the HTTP client it
            // calls) in a file of its own: every part of the app that reads through it shares it, and
            // the first screens of the home page and the survey's steps go without (see
            // lib/with-queries.tsx and lib/resource.ts).
            { name: 'queries', test: /node_modules\/@tanstack\/|src\/lib\/(queries\.tsx|api-client\.ts)$/ },
            // A survey step's page, its screen, the sign-in guard with the profile it reads, and the
            // journey's rules the screen shares with the account area go in one file: left alone,
            // each shared module becomes a tiny file of its own, and every step's first screen pays
            // for their wrappers and waits on their requests. With the step's form, if it has one,
            // a step's code is two files, which the server preloads with the page (or, with a first
            // frame, lists for the page's start script).
            {
              name: 'survey-step',
              test: /src\/features\/survey\/(journey|navigation|use-journey|use-answers-of|use-step-state)\.ts$|src\/features\/survey\/components\/(SurveyStepScreen|steps\/Fields\.module)|src\/app\/routes\/survey-step\.tsx$|src\/app\/auth\/RequireMember\.tsx$|src\/features\/account\/api\/get-me\.ts$|src\/features\/survey\/api\/(get-definition|get-survey|prefetch-step)\.ts$/,
            },
            // The helper the coach and plan screens share (what did a refusal say) in a file of its
            // own, taken before the plan's group below would take it in as a dependency and make
            // the coach chooser load the plan's code.
            { name: 'problem', test: /src\/lib\/problem\.ts$/ },
            // The plan and payment screens' code in one file, loaded only on their routes: a member
            // who reaches the plan goes on through the preview, checkout and the payment's answer,
            // and each then opens at once, where left alone every shared piece (the plan card, the
            // copy, the money formats) would be a tiny file of its own. The route modules stay out:
            // they import other features (the profile, the journey), which must not be drawn in.
            { name: 'plan', test: /src\/features\/plan\// },
          ],
        },
      },
    },
  },
  server: {
    // Regular expressions keep look-alike app paths (an /authors page, say) out of the proxy.
    proxy: {
      '^/api(/|$)': backend,
      '^/auth(/|$)': backend,
      '^/idp(/|$)': backend,
      '^/healthz$': backend,
    },
  },
  preview: { port: 4173 },
});
