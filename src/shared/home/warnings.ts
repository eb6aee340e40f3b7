/**
 * Which warnings are still open: every call status (spec §4) but success. A warning being called
 * (processing) is not dealt with yet. The header's bell (SysWarning/OpenCount) and the message
 * centre's tab count by this one rule, so the two numbers on one screen agree.
 */
export const OPEN_WARNING_STATUSES = ['pending', 'processing', 'failure'] as const;

export const isOpenWarning = (status: string): boolean => (OPEN_WARNING_STATUSES as readonly string[]).includes(status);
