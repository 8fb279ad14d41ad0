import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";

/** The longest search the server takes (`busca`, src/domain/requests/api.ts). */
const MAX_SEARCH = 200;

/**
 * 'Buscar': typed freely, handed on a moment after the last key (a query per
 * word, not per letter); a value set from outside (the address, 'Limpar') shows.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  className,
}: {
  value: string;
  onSearch: (value: string | undefined) => void;
  placeholder: string;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (value !== text.trim()) onSearch(text.trim() || undefined);
    }, 300);
    return () => clearTimeout(timer);
  });
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>Buscar</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          maxLength={MAX_SEARCH}
          className="pl-9"
        />
      </div>
    </div>
  );
}
