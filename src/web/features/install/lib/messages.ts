/** The installer's texts (docs/decisions/062-installable-app.md). */
export const installMessages = {
  hintTitle: "Instalar o Balcão",
  hintOffer: "Abra o Balcão direto da tela inicial, como um aplicativo.",
  hintIos: "Toque em Compartilhar e depois em Adicionar à Tela de Início",
  install: "Instalar",
  notNow: "Agora não",
  close: "Fechar",
  newVersion: "Nova versão disponível",
  update: "Atualizar",
} as const;
