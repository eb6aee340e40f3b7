import { api } from '../../../api/client';
import { callWrapped } from '../../../api/call';

/** The organisations `userName` may log in to (the login form's organisation choice; empty for an unknown user). */
export function getOrgInfo(userName: string) {
  return callWrapped(api.GET('/User/GetOrgInfo', { params: { query: { userName } } }));
}
