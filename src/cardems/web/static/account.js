// The account page: sign up, sign in, sign out (here or everywhere) and change the password
// through the API.

import { call } from "./api.js";
import { t } from "./i18n.js";

const errorLine = document.querySelector("#account .form-error");
const calls = {
  signin: (form) => ["/api/account/signin", { name: form.name.value, password: form.password.value }],
  signup: (form) => ["/api/account/signup", { name: form.name.value, password: form.password.value }],
  password: (form) => ["/api/account/password", { current: form.current.value, password: form.password.value }],
  signout: () => ["/api/account/signout", {}],
  everywhere: () => ["/api/account/signout", { everywhere: true }],
};

for (const [id, request] of Object.entries(calls)) {
  const form = document.getElementById(id);
  if (!form) continue;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorLine.textContent = "";
    const [path, body] = request(form.elements);
    const { status, data } = await call(path, body).catch(() => ({ status: 0, data: { error: t("The server did not answer.") } }));
    if (status >= 400 || status === 0) { errorLine.textContent = data.error || ""; return; }
    location.assign(id === "password" ? "/account?changed=1" : "/account");
  });
}
