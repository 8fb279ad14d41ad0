import { lazy, Suspense, useEffect, useState } from "react";
import { importWhenOnline } from "@/web/lib/import-when-online";

// sonner (about 8 KB compressed) is downloaded when the first toast is due, not with every page;
// without a connection, once it returns.
const Toaster = lazy(() => importWhenOnline(() => import("./sonner")).then((m) => ({ default: m.Toaster })));

let wanted = false;
const onWanted = new Set<() => void>();
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * Mounts the app's toaster if it is not yet, and resolves once it listens: a toast sent
 * before that would be lost (sonner's Toaster shows only what it hears after mounting).
 */
export function toasterReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const show of onWanted) show();
  }
  return ready;
}

// Rendered after the Toaster inside one Suspense: its effect runs once the Toaster's have.
function Listening() {
  useEffect(() => markReady(), []);
  return null;
}

/** Where the toasts appear (AppProvider); empty until a toast, or the signed-in layout, asks. */
export function LazyToaster() {
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    const show = () => setShown(true);
    if (wanted) show();
    onWanted.add(show);
    return () => {
      onWanted.delete(show);
    };
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <Listening />
    </Suspense>
  );
}
