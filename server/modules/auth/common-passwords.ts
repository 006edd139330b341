/**
 * Passwords that appear at the top of every leaked-password list. Under the strict policy none
 * of them is accepted, whatever the character classes say (`Password1!` has all four).
 * Compared in lower case.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '123456789', '12345678', '1234567', '12345', '1234567890', '123123', '111111',
  '000000', '666666', '888888', '121212', '654321', '123321', '112233', '520520', '5201314',
  'qwerty', 'qwerty123', 'qwertyuiop', 'qwe123', 'asdfgh', 'asdf1234', 'zxcvbnm', '1q2w3e4r',
  '1qaz2wsx', 'qazwsx', 'password', 'password1', 'password123', 'password!', 'password1!',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'p@ssword1', 'p@ssw0rd1', 'p@ssw0rd!', 'pa$$w0rd',
  'admin', 'admin123', 'admin1234', 'admin@123', 'admin@1234', 'admin123!', 'administrator',
  'root', 'root123', 'root@123', 'toor', 'abc123', 'abc@123', 'abcd1234', 'abc12345',
  'a123456', 'aa123456', 'a1b2c3d4', 'iloveyou', 'welcome', 'welcome1', 'welcome@123',
  'welcome123', 'letmein', 'letmein1', 'monkey', 'dragon', 'master', 'sunshine', 'princess',
  'football', 'baseball', 'superman', 'trustno1', 'shadow', 'michael', 'ashley', 'jennifer',
  'hello123', 'hello@123', 'test', 'test123', 'test@123', 'test1234', 'guest', 'changeme',
  'changeme1', 'secret', 'login', 'login123', 'user', 'user123', 'user@123', 'default',
  'china123', 'woaini', 'woaini1314', 'qq123456', 'aa123123', 'zaq12wsx', 'q1w2e3r4',
  'q1w2e3r4t5', 'passw0rd!', 'qwer1234', 'qwer@1234', 'asdf@1234', 'zxcv1234', 'zxc123456',
  'abc123456', 'abcd@1234', 'abcdef', 'abcdefg', 'Aa123456', 'aa@123456', 'p@55w0rd',
  'password@123', 'password@1', 'qwerty@123', 'qwerty1!',
  'summer2024', 'winter2024',
].map((password) => password.toLowerCase()));
