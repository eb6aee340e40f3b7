/**
 * A ticket for one child-app frame load. A ticket is good for one Auth/SsoValidate exchange, so the
 * login's own ticket cannot serve every frame: each load (and reload) of a frame asks for its own.
 */
import { api } from '../../api/client';
import { callWrapped } from '../../api/call';

export async function newFrameTicket(): Promise<string> {
  return (await callWrapped(api.POST('/Auth/NewTicket'))).Ticket;
}
