import type { FastifyReply } from "fastify";

/*
 * Answers that are the same object again and again (the person a session cache
 * hit returns, a cached first page) were checked against their response schema
 * and turned into JSON on every call: on 'Minhas solicitações' that was the
 * largest part of a cached call's own time (issue 13). The text is made once per
 * object, by the route's own serializer (the same schema check and stripping),
 * and kept beside it for as long as the object lives. Only for objects nobody
 * changes after they are made; a new object is a new text.
 */
export type SerializedOnce<K extends object> = (
  reply: FastifyReply,
  key: K,
  answer: (key: K) => unknown,
) => FastifyReply;

export function serializedOnce<K extends object>(): SerializedOnce<K> {
  const texts = new WeakMap<K, ReturnType<FastifyReply["serialize"]>>();
  return (reply, key, answer) => {
    let text = texts.get(key);
    if (text === undefined) {
      // The route's serializer for the reply's status (200 here), as Fastify would call it.
      text = reply.serialize(answer(key));
      texts.set(key, text);
    }
    return reply.type("application/json; charset=utf-8").send(text);
  };
}
