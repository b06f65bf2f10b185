import type { EntityKindName } from '../../../../shared/api/index.js';

export const KIND_NAME: Record<EntityKindName, string> = {
  person: 'Person',
  organization: 'Organisation',
  project: 'Project',
  place: 'Place',
  document: 'Document',
  other: 'Other',
};
