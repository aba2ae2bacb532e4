/**
 * The house's layering, checked by `npm run lint` (dependency-cruiser): which top-level folder and which
 * local package may import which. Folders sit in layers, lowest first; a folder imports only from
 * layers below its own, never from a sibling of its layer, so no cycle between folders can form.
 */

/** Lowest first. The product is the first three layers; the house around it, the rest. */
const LAYERS = [
  ['shared', 'events'],
  ['functions'],
  ['web', 'content', 'infra'],
  ['ops'],
  ['local'],
  ['bench'],
  ['test'],
];

const PRODUCT = ['shared', 'events', 'functions', 'web', 'content', 'infra'];

/** The workspace packages in local/, lowest first (a package imports only those before it). */
const PACKAGES = ['aws-standins', 'stripe-emulator', 'stack', 'harness'];

const under = (folders) => `^(${folders.join('|')})/`;

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.map((folder) => ({
    name: `layers-${folder}`,
    comment:
      `${folder}/ imports only from the layers below it (${LAYERS.slice(0, index).flat().join(', ') || 'none'}): ` +
      'see .dependency-cruiser.mjs for the order.',
    severity: 'error',
    from: { path: under([folder]) },
    to: { path: under([...layer.filter((other) => other !== folder), ...LAYERS.slice(index + 1).flat()]) },
  })),
);

const packageRules = PACKAGES.map((pkg, index) => ({
  name: `packages-${pkg}`,
  comment: `local/${pkg} imports only the packages before it (${PACKAGES.slice(0, index).join(', ') || 'none'}).`,
  severity: 'error',
  from: { path: `^local/${pkg}/` },
  to: { path: `^local/(${PACKAGES.filter((other, at) => at >= index && other !== pkg).join('|') || '-'})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'product-imports-no-house',
      comment:
        'The product (shared, events, functions, web, content, infra) imports nothing from local/ (the stand-ins, ' +
        'the local stack, the harness), ops/, bench/ or test/.',
      severity: 'error',
      from: { path: under(PRODUCT) },
      to: { path: under(['local', 'ops', 'bench', 'test']) },
    },
    {
      name: 'infra-imports-no-functions',
      comment:
        'The CDK app reads storage names, metric names and the origin header from where functions/ reads them ' +
        'too, never from function code.',
      severity: 'error',
      from: { path: '^infra/' },
      to: { path: '^functions/' },
    },
    {
      name: 'packages-import-no-root-tests',
      comment:
        "A package never imports the root's test/ folders: what tests share lives in @shutterlane/harness.",
      severity: 'error',
      from: { path: '^local/' },
      to: { path: '^test/' },
    },
    {
      name: 'packages-by-name',
      comment: 'Another local package is imported by its name (@shutterlane/...), not by a relative path.',
      severity: 'error',
      from: { path: '^local/([^/]+)/' },
      to: { path: '^local/([^/]+)/', pathNot: '^local/$1/', dependencyTypes: ['local'] },
    },
    ...layerRules,
    ...packageRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|cdk\\.out|dist|\\.data|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
