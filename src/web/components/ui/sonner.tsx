import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Spec §4 and §9: one toast at a time, 5000 ms each; errors red, successes green. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="top-right"
      visibleToasts={1}
      duration={5000}
      richColors
      containerAriaLabel="Notificações"
      // Below the 3.5rem top bar, so the toast never hides the user's name.
      offset={{ top: "4.25rem", right: "1rem" }}
      mobileOffset={{ top: "4rem", left: "0.75rem", right: "0.75rem" }}
      toastOptions={{ classNames: { toast: "font-sans", description: "text-[0.8125rem]!" } }}
      {...props}
    />
  );
}

export { Toaster };
