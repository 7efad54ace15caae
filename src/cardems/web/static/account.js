// The account page: sign up, sign in, sign out (here or everywhere) and change the password
// through the API.

import { call } from "./api.js";

const errorLine = document.querySelector("#account .form-error");

/**
 * A form field's value.
 * @param {HTMLFormControlsCollection} fields
 * @param {string} name
 */
function field(fields, name) {
  const input = fields.namedItem(name);
  return input instanceof HTMLInputElement ? input.value : "";
}

/** @type {{ [form: string]: (fields: HTMLFormControlsCollection) => [string, object] }} */
const calls = {
  signin: (form) => ["/api/account/signin", { name: field(form, "name"), password: field(form, "password") }],
  signup: (form) => ["/api/account/signup", { name: field(form, "name"), password: field(form, "password") }],
  password: (form) => ["/api/account/password", { current: field(form, "current"), password: field(form, "password") }],
  signout: () => ["/api/account/signout", {}],
  everywhere: () => ["/api/account/signout", { everywhere: true }],
};

for (const [id, request] of Object.entries(calls)) {
  const form = document.getElementById(id);
  if (!(form instanceof HTMLFormElement) || !errorLine) continue;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorLine.textContent = "";
    const [path, body] = request(form.elements);
    const { status, data } = await call(path, body);
    if (status >= 400 || status === 0) { errorLine.textContent = data.error || ""; return; }
    location.assign(id === "password" ? "/account?changed=1" : "/account");
  });
}
