import { useEffect, type RefObject } from "react";

/**
 * Takes into a controlled field's state what was typed into the server-rendered form before the page's scripts
 * arrived: the field shows it, but the state that is sent still says nothing.
 */
export function useTypedEarly(
  field: RefObject<HTMLTextAreaElement | HTMLInputElement | null>,
  take: (value: string) => void,
) {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed) take(typed);
  }, [field, take]);
}
