// The most common leaked passwords of 8+ characters (shorter ones fail the length rule anyway).
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password12', 'password123', 'passw0rd',
  'qwertyuiop', 'qwerty123', 'qwerty12', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'iloveyou', 'sunshine',
  'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'abc12345', 'abcd1234', 'admin123',
  'administrator', 'letmein1', 'trustno1', 'dragon12', 'monkey12', 'superman', 'starwars', 'whatever',
  'computer', 'michelle', 'jennifer', 'corvette', 'mercedes', '11111111', '00000000', '88888888',
  '12341234', '87654321', '123123123', '11223344', 'asdfghjkl', 'zxcvbnm1', 'q1w2e3r4', 'changeme',
  'internet', 'samsung1', 'shadow12', 'master12', 'killer12', 'lovely12', 'pokemon1', 'azerty123',
  'qazwsxedc', 'password!', 'p@ssw0rd', 'p@ssword', 'secret123', 'default1', 'test1234', 'demo1234',
  'football1', 'iloveyou1', 'aa123456', 'a1234567', 'qwerty1234', 'welcome', 'loveyou1', 'soccer12',
]);
