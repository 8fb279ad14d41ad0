import type { LucideIcon } from "lucide-react";

export type DownloadLink = { href: string; label: string; hint: string; icon: LucideIcon };

/**
 * The formats of an export menu as plain download links: the browser fetches
 * the file with the session's cookie and saves it under the name the server
 * gives, as it streams (nothing sits in the page's memory).
 */
export function DownloadLinks({ links }: { links: readonly DownloadLink[] }) {
  return (
    <ul className="flex flex-col gap-1" aria-label="Formatos">
      {links.map(({ href, label, hint, icon: Icon }) => (
        <li key={href}>
          <a
            href={href}
            download
            className="flex min-h-11 items-center gap-3 rounded-md px-2 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40"
          >
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="flex flex-col">
              <span className="font-medium">{label}</span>
              <span className="text-xs text-muted-foreground">{hint}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
