// The REST API: JSON in and out; an error keeps the server's code, so the page can say it in the
// reader's language (error.<code>) and fall back on the server's English message. A GET of a
// private table carries one of its tokens in a header (never in the URL).
import { t, has } from "./i18n.js";

export async function api(path, body, token) {
  const headers = token ? { "X-Iridescia-Token": token } : {};
  const res = await fetch(path, body === undefined ? { headers } : { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) {
    const err = new Error(data.error ? data.error.message : res.statusText);
    err.code = data.error ? data.error.code : null;
    throw err;
  }
  return data;
}

export function apiError(err) {
  const message = err.code && has(`error.${err.code}`) ? t(`error.${err.code}`) : err.message;
  return t("app.error", { message });
}
