/**
 * The rules of organisation administration (Organize/*, OrganizeType/*), for the server and the mocks:
 * an organisation's code, and an organisation type's, is taken once, refused about the save's code field.
 */
import { Refusal } from '../messages/refusal.ts';

export function requireOrganizationCodeFree(taken: boolean, code: string): void {
  if (taken) throw new Refusal(409, 'organizationCodeExists', { code }, { Field: 'OrganizeCode' });
}

export function requireOrganizationTypeCodeFree(taken: boolean, code: string): void {
  if (taken) throw new Refusal(409, 'organizationTypeCodeExists', { code }, { Field: 'Code' });
}
