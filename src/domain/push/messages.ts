/* The Portuguese texts of web push (docs/decisions/061-web-push.md), for the server's answers and the page. */
export const pushMessages = {
  endpointInvalid: "Endereço de notificação inválido",
  endpointNotAllowed: "O endereço de notificação precisa ser https e de um serviço público",
  keyInvalid: "Chave de notificação inválida",
  notFound: {
    title: "Aparelho não encontrado",
    description: "As notificações deste aparelho já foram desativadas.",
  },
  section: "Notificações no aparelho",
  sectionHint: "Receba neste aparelho os avisos do sino, mesmo com o Balcão fechado.",
  enable: "Ativar notificações neste aparelho",
  enabled: "Notificações ativadas neste aparelho",
  disable: "Desativar",
  enabledToast: "Notificações ativadas",
  disabledToast: "Notificações desativadas neste aparelho",
  denied:
    "As notificações estão bloqueadas para o Balcão neste navegador. Para ativá-las, libere as notificações nas configurações do site (o cadeado ao lado do endereço) e volte aqui.",
  dismissed:
    "Você não permitiu as notificações. Toque em 'Ativar notificações neste aparelho' para tentar de novo.",
  unsupported:
    "Este navegador não recebe notificações do Balcão. No iPhone, adicione o Balcão à Tela de Início e abra-o por lá.",
  failed: "Não foi possível ativar as notificações. Tente novamente.",
  otherDevices: (n: number) =>
    n === 1
      ? "Notificações ativadas em 1 outro aparelho."
      : `Notificações ativadas em ${n} outros aparelhos.`,
} as const;
