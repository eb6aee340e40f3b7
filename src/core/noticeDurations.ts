/**
 * How long toasts and notifications stay (spec §8/§9). A module of its own, without imports: the shell's
 * theme provider reads it on the login page, whose JavaScript has a budget.
 */

/** An error toast stays 5 s. */
export const ERROR_TOAST_SECONDS = 5;

/** Every other toast and notification stays 2 s (antd's own defaults are 3 s and 4.5 s) unless it says otherwise. */
export const NOTICE_SECONDS = 2;
