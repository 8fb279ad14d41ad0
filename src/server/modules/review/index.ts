import type { AppModule } from "../../app-context";
import { reviewRoutes } from "./review.routes";

/** 'Caixa de entrada' and the moves of every request (decision 011). */
export const reviewModule: AppModule = {
  name: "review",
  register: ({ app, review, storage }) => app.register(reviewRoutes, { service: review, storage }),
};
