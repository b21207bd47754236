// The games module's worker: the sessions every game page plays through.
import init, * as pkg from '../pkg/impartial.js';
import { serve } from './worker-dispatch.js';

serve(init, pkg);
