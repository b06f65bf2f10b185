import { onFirstUse } from '../../shared/first-use/index.js';

/**
 * The portability room (export and import, ~15 modules) loads with the first export, not with the
 * handler map: most hosts and commands never export. Until then no PortabilityError can exist.
 */
export const portabilityRoom = onFirstUse(() => import('../../agents/portability/index.js'));
