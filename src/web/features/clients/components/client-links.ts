import { Globe } from "lucide-react";
import type * as React from "react";
import type { Client } from "@/domain/planning/api";
import { FacebookIcon, InstagramIcon, LinkedinIcon, YoutubeIcon } from "./social-icons";

type LinkField = "website" | "instagram_url" | "facebook_url" | "linkedin_url" | "youtube_url";

/** The client's addresses, in the form's order: one label for the field and for its icon link. */
export const CLIENT_LINKS: readonly {
  field: LinkField;
  label: string;
  placeholder: string;
  Icon: React.ComponentType<{ className?: string }>;
}[] = [
  { field: "website", label: "Site", placeholder: "https://www.cliente.com.br", Icon: Globe },
  {
    field: "instagram_url",
    label: "Instagram",
    placeholder: "https://instagram.com/cliente",
    Icon: InstagramIcon,
  },
  {
    field: "facebook_url",
    label: "Facebook",
    placeholder: "https://facebook.com/cliente",
    Icon: FacebookIcon,
  },
  {
    field: "linkedin_url",
    label: "LinkedIn",
    placeholder: "https://linkedin.com/company/cliente",
    Icon: LinkedinIcon,
  },
  { field: "youtube_url", label: "YouTube", placeholder: "https://youtube.com/@cliente", Icon: YoutubeIcon },
];

export function linksOf(client: Client) {
  return CLIENT_LINKS.flatMap((link) => {
    const href = client[link.field];
    return href ? [{ ...link, href }] : [];
  });
}
