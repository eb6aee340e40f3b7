/**
 * Rules of the admin forms' fields. A required text field says 请输入… (the `required` message); a
 * required choice says 请选择… — "enter" reads wrong over a select the user cannot type into.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** A required select's rule; a multiple one needs at least one choice (an emptied one is an empty list, not nothing). */
export const requiredSelect = (t: TFunction, field: string, { multiple = false } = {}): FormRule => ({
  required: true,
  ...(multiple ? { type: 'array', min: 1 } : {}),
  message: t('admin:requiredSelect', { field }),
});
