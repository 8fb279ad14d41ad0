import { useEffect, useState } from "react";

/** Spec §9: below 768 px the sidebar becomes an off-canvas panel; resize checks debounced by 100 ms. */
export const MOBILE_BREAKPOINT = 768;
const RESIZE_DEBOUNCE_MS = 100;

function isMobileWidth() {
  return typeof window !== "undefined" && window.innerWidth < MOBILE_BREAKPOINT;
}

export function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(isMobileWidth);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setIsMobile(isMobileWidth()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);

  return isMobile;
}
