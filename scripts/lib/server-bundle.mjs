// The esbuild options every bundle of the server shares (npm run build, npm run dev, the benchmarks'
// CLIs): TypeScript and the domain bundled into dist/server as ES modules for Node 20 (npm run dev
// writes its own into dist/dev-server); npm packages stay external.
export const serverBundle = {
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
};
