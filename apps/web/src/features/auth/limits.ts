/** product.md §9: minimum password length (the server enforces the same, and at most 128). */
export const PASSWORD_MIN_LENGTH = 8;
