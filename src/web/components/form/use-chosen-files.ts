import type * as React from "react";
import { useCallback, useRef, useState } from "react";
import { prepareFiles } from "@/web/lib/images/prepare-files";
import { trackPreparation } from "./preparing-files";

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The file field's chosen files: each choice prepared (decision 065) before it joins the value,
 * once (the same file again is not added), and the form's submission told to wait for it
 * (preparing-files.ts). `inputRef` goes on the field's input, which finds its form.
 */
export function useChosenFiles(options: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  multiple: boolean;
  /** Stored files a new one replaces when the field takes one file. */
  kept: readonly { id: string }[];
  onRemoveKept?: (id: string) => void;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const { multiple, kept, onRemoveKept, ref } = options;
  const [preparing, setPreparing] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const inputRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  // The files as they are when the preparation ends (the person may remove one meanwhile).
  const latest = useRef(options);
  latest.current = options;

  const prepare = async (picked: File[]) => {
    setPreparing(true);
    let ready: File[];
    try {
      ready = await prepareFiles(picked);
    } catch {
      ready = picked;
    } finally {
      setPreparing(false);
    }
    const current = latest.current;
    if (!multiple) {
      for (const file of kept) onRemoveKept?.(file.id);
      current.onChange(ready.slice(0, 1));
      return;
    }
    current.onChange([
      ...current.files,
      ...ready.filter((file) => !current.files.some((chosen) => sameFile(chosen, file))),
    ]);
  };

  const accept = (picked: File[]) => trackPreparation(input.current?.form, prepare(picked));
  return { preparing, accept, inputRef };
}
