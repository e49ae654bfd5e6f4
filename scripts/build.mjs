// npm run build: the client (Vite) and the server (esbuild) into dist/, always; records what they were
// built from (scripts/build-state.mjs) so npm start knows the build is current.
import { buildPart } from './build-state.mjs';

buildPart('client');
buildPart('server');
