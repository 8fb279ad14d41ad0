import type { FastifyReply } from "fastify";

/*
 * Answers that are the same object again and again (the person a session cache hit returns, a
 * cached first page) were checked against their response schema and turned into JSON on every
 * call: on 'Minhas solicitações' that was the largest part of a cached call's own time (decision
 * 026). The text is made once per object, by the route's own serializer (the same schema check and
 * stripping), and kept beside it for as long as the object lives. Only for objects nobody changes
 * after they are made; a new object is a new text.
 *
 * An object already in hand (a cache hit) is sent in the same turn, without a promise (decision
 * 026, third pass); one still to be read is sent when it comes. With BALCAO_SERIALIZE_ONCE off
 * (seams.ts) the answer is handed back for Fastify to serialize and send as any other.
 */

/**
 * Sends `key`'s answer (`answer(key)`, or `key` itself): call it last in a route handler and return
 * what it returns, so the handler reads as any other and the fast path is here. What it returns is
 * for Fastify only (the reply, or with the seam off the answer to send), hence typed `void`: any
 * route may return it whatever its response schema.
 */
export type SerializedOnce<K extends object> = (
  reply: FastifyReply,
  key: K | Promise<K>,
  answer?: (key: K) => unknown,
) => void;

const itself = <K>(key: K): unknown => key;

export function serializedOnce<K extends object>(on = true): SerializedOnce<K> {
  if (!on) {
    return (_reply, key, answer = itself) => (key instanceof Promise ? key.then(answer) : answer(key));
  }
  const texts = new WeakMap<K, ReturnType<FastifyReply["serialize"]>>();
  const send = (reply: FastifyReply, key: K, answer: (key: K) => unknown) => {
    let text = texts.get(key);
    if (text === undefined) {
      // The route's serializer for the reply's status (200 here), as Fastify would call it.
      text = reply.serialize(answer(key));
      texts.set(key, text);
    }
    return reply.type("application/json; charset=utf-8").send(text);
  };
  return (reply, key, answer = itself) => {
    if (!(key instanceof Promise)) {
      send(reply, key, answer);
      // Nothing for Fastify to wait for once it is out; a reply still on its way (compressed off the
      // event loop) is awaited through it, which an `async` handler needs.
      return reply.sent ? undefined : reply;
    }
    // Fastify's callback style: the answer (or the error, to the error handler) is sent when read.
    key.then((value) => send(reply, value, answer)).catch((error: Error) => reply.send(error));
    return reply;
  };
}
