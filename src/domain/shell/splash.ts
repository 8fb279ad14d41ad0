/** Spec §2: the splash's status text for its progress, in percent. */
export function splashStatus(percent: number): string {
  if (percent < 30) return "Inicializando sistema...";
  if (percent < 60) return "Carregando componentes...";
  if (percent < 90) return "Configurando interface...";
  return "Quase pronto!";
}
