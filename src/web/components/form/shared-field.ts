import { useEffect, useRef } from "react";
import { type FieldValues, get, type Path, type PathValue, type UseFormReturn } from "react-hook-form";

/**
 * One field of a form that holds a value the page shares with its other forms (the client's
 * name on a plan's page, typed once for the approval and every comment: docs/decisions/020).
 * What is typed here goes to `onChange`; a value typed in another form comes into this one, its
 * message checked again only while one shows.
 */
export function useSharedField<V extends FieldValues, N extends Path<V>, O>(
  form: UseFormReturn<V, unknown, O>,
  name: N,
  value: PathValue<V, N>,
  onChange: (value: PathValue<V, N>) => void,
) {
  const { watch, getValues, setValue, getFieldState } = form;
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    // Only what the person types: the value set below from outside is not sent back.
    const subscription = watch((values, change) => {
      if (change.name === name && change.type === "change") latest.current(get(values, name));
    });
    return () => subscription.unsubscribe();
  }, [watch, name]);

  useEffect(() => {
    if (getValues(name) === value) return;
    setValue(name, value, { shouldValidate: getFieldState(name).invalid });
  }, [getValues, setValue, getFieldState, name, value]);
}
