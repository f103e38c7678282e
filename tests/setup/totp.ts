export { totp } from "../../app/platform/auth/totp";
