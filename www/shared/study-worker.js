// The study module's worker: game graphs and the solvers' lab, loaded only
// when those sections are used.
import init, * as pkg from '../pkg/impartial_study.js';
import { serve } from './worker-dispatch.js';

serve(init, pkg);
