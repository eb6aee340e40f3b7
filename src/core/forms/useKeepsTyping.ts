/**
 * A form dialog that keeps what the user typed: a click beside it never closes it, and Escape closes it only
 * while nothing in it has been changed. Escape also closes a field's own list (suggestions, a date panel), and a
 * second press must not throw away a form filled in by hand. Spread `formProps` on the (Modal)Form and
 * `modalProps` on the Modal (a ModalForm's modalProps); a field outside the form (a rich-text body) calls `edited`.
 */
import { useCallback, useState } from 'react';

export function useKeepsTyping(open: boolean) {
  const [changed, setChanged] = useState(false);
  // A dialog opened again starts unchanged (state adjusted while rendering, as React advises over an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setChanged(false);
  }
  const edited = useCallback(() => setChanged(true), []);
  return {
    edited,
    formProps: { onValuesChange: edited },
    modalProps: { keyboard: !changed, maskClosable: false },
  };
}
