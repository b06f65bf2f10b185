import { ENTITY_KIND_LABEL } from '../../../../shared/api/index.js';

export const KIND_NAME = ENTITY_KIND_LABEL;
