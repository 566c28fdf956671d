// ESLint for the client: TypeScript (type-aware), the rules of hooks, and bulletproof-react's
// import boundaries: shared code -> features -> app, and no feature imports another.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['components', 'lib', 'config', 'styles', 'testing', 'generated'].map(
  (folder) => `./src/${folder}`,
);

// The admin area is features too: `admin-shell` (the frame: AdminApp and its routes, session, sign-in,
// layout, the admin API client and the shared admin UI) and one feature per subject (`admin-*`).
// A subject imports the shell's public index (`@/features/admin-shell`) and, where a page shows
// another subject's parts, that subject's index as ADMIN_USES allows; never another feature's files.
// Only the shell's AdminApp.tsx (its lazy routes) imports the subjects' pages. docs/admin-area.md.
const SHELL = 'admin-shell';
const isAdmin = (feature) => feature.startsWith('admin-');
const adminSubjects = features.filter((feature) => isAdmin(feature) && feature !== SHELL);
/** Subject -> the subjects whose public index it may import (one way: no cycles). */
const ADMIN_USES = {
  // The record shows the applicant's WhatsApp opt-in (admin-whatsapp).
  'admin-applications': ['admin-bulk', 'admin-notes', 'admin-pipeline', 'admin-whatsapp'],
  // The document and gate forms are built from admin-forms' field kit.
  'admin-documents': ['admin-forms'],
  // An employer's page lists its job orders; both forms are built from admin-forms' field kit.
  'admin-employers': ['admin-forms', 'admin-orders'],
  // An order's page shows its CV packs.
  'admin-orders': ['admin-forms', 'admin-packs'],
};
const publicIndex = (feature) => `./${feature}/index.ts`;

const boundaries = [
  // A feature imports shared code and itself, never another feature (the admin exceptions below).
  ...features
    .filter((feature) => !isAdmin(feature))
    .map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      // The admin features have their own message (the next zones).
      except: [`./${feature}`, ...features.filter(isAdmin).map((admin) => `./${admin}`)],
      message: 'A feature does not import another feature: move what both need to shared code.',
    })),
  // No public page imports the admin area, not even its shell: public visitors never load it.
  ...features
    .filter((feature) => !isAdmin(feature))
    .map((feature) => ({
      target: `./src/features/${feature}`,
      from: features.filter(isAdmin).map((admin) => `./src/features/${admin}`),
      message: 'A public feature never imports the admin area (its code stays in the lazy admin chunk).',
    })),
  // An admin subject imports itself, the shell's index and the indexes ADMIN_USES names.
  ...adminSubjects.map((subject) => ({
    target: `./src/features/${subject}`,
    from: './src/features',
    except: [`./${subject}`, publicIndex(SHELL), ...(ADMIN_USES[subject] ?? []).map(publicIndex)],
    message:
      "An admin feature imports admin-shell's index (`@/features/admin-shell`) or an index ADMIN_USES " +
      "(eslint.config.js) allows, never another feature's files.",
  })),
  // The shell imports no subject (they import its index), except its AdminApp's lazy route pages.
  {
    target: `./src/features/${SHELL}/!(AdminApp).tsx`,
    from: './src/features',
    except: [`./${SHELL}`],
    message: 'admin-shell does not import the admin subjects (only AdminApp.tsx routes to their pages).',
  },
  {
    target: `./src/features/${SHELL}/*/**`,
    from: './src/features',
    except: [`./${SHELL}`],
    message: 'admin-shell does not import the admin subjects (only AdminApp.tsx routes to their pages).',
  },
  {
    target: `./src/features/${SHELL}/*.ts`,
    from: './src/features',
    except: [`./${SHELL}`],
    message: 'admin-shell does not import the admin subjects (only AdminApp.tsx routes to their pages).',
  },
  {
    target: `./src/features/${SHELL}/AdminApp.tsx`,
    from: features.filter((feature) => !isAdmin(feature)).map((feature) => `./src/features/${feature}`),
    message: 'admin-shell does not import the public features.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app layer.',
  },
  {
    target: shared,
    from: ['./src/features', './src/app'],
    message: 'Shared code does not import features or the app layer.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-ssr/**', 'node_modules/**', 'public/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [
      js.configs.recommended,
      ...tseslint.configs.recommendedTypeChecked,
      jsxA11y.flatConfigs.recommended,
    ],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
      // React event handlers may be async (`onSubmit={save}`); React ignores what they return.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { id: _id, ...rest } = post` is how an object drops a key.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // The server's gate (ruff C901 <= 10) holds for the client too, with no exemptions.
      complexity: ['error', 10],
      // A box that scrolls is a named region the keyboard must reach (WCAG 2.1.1, axe's
      // scrollable-region-focusable): tabIndex={0} belongs on role="region" as on a tab panel.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    // Runs in the browser as it is, before the app (scripts/prerender.mjs copies it): ES5, no module.
    files: ['scripts/start-after-paint.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script', ecmaVersion: 5 },
  },
);
