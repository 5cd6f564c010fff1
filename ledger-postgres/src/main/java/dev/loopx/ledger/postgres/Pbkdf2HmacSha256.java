package dev.loopx.ledger.postgres;

import java.util.Arrays;

/**
 * PBKDF2 with HMAC-SHA-256 (RFC 8018 section 5.2, HMAC per RFC 2104, SHA-256 per FIPS 180-4) for
 * one 32-byte block: SCRAM-SHA-256's {@code Hi(password, salt, i)} (RFC 5802, RFC 7677), which a
 * PostgreSQL login computes once per process with the server's iteration count (4096 by default).
 *
 * <p>Why LoopX has its own: the JDK's computes each of the 2 × i HMACs from scratch (four SHA-256
 * compressions each, through the Mac and MessageDigest layers), and on a short-lived, C1-compiled
 * JVM — every heartbeat read of a PostgreSQL root — that is ≈ 30 ms on the login's critical path.
 * This one hashes the key's inner and outer pads once and continues from those two states, so each
 * HMAC is two compressions on plain {@code int}s: the same bytes in about a third of the time. The
 * output is checked against the JDK's for random passwords, salts and iteration counts and against
 * RFC 7914's test vectors (Pbkdf2HmacSha256Test). Passwords are HMAC keys of 1 to 64 bytes here;
 * other requests go to the JDK (ScramKdfProvider).
 */
final class Pbkdf2HmacSha256 {
    /** The derived key's length in bytes (one SHA-256 output: PBKDF2's first block only). */
    static final int LENGTH = 32;

    /** The longest password used as the HMAC key as is (one SHA-256 block). */
    static final int MAX_PASSWORD = 64;

    private static final int[] K = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
    };

    private static final int[] INITIAL = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    };

    private static final int BLOCK = 64;

    /** Bits hashed by an HMAC's inner or outer hash of a 32-byte message: one pad block + 32 bytes. */
    private static final int PAD_AND_DIGEST_BITS = (BLOCK + LENGTH) * 8;

    private Pbkdf2HmacSha256() {}

    /**
     * {@code Hi(password, salt, iterations)}: the first 32 bytes of PBKDF2-HMAC-SHA-256.
     *
     * @param password the HMAC key, 1 to {@value #MAX_PASSWORD} bytes (not kept; the caller wipes it)
     * @param salt any length
     * @param iterations at least 1
     */
    static byte[] derive(byte[] password, byte[] salt, int iterations) {
        if (password.length == 0 || password.length > MAX_PASSWORD) {
            throw new IllegalArgumentException("the password must be 1 to " + MAX_PASSWORD + " bytes");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("the iteration count must be at least 1");
        }
        int[] w = new int[16];
        int[] inner = padState(password, 0x36, w);
        int[] outer = padState(password, 0x5c, w);
        int[] state = new int[8];
        int[] u = new int[8];

        // U1 = HMAC(password, salt || INT(1)): the inner hash continues from the inner pad's state.
        byte[] first = Arrays.copyOf(salt, salt.length + 4);
        first[salt.length + 3] = 1;
        System.arraycopy(inner, 0, state, 0, 8);
        finish(state, first, BLOCK, w);
        outerHash(outer, state, u, w);
        int[] t = u.clone();

        // U2..Ui = HMAC(password, U(n-1)); T = U1 xor U2 xor ... xor Ui
        for (int n = 1; n < iterations; n++) {
            iterate(inner, outer, state, u, t, w);
        }
        byte[] out = new byte[LENGTH];
        for (int i = 0; i < 8; i++) {
            out[4 * i] = (byte) (t[i] >>> 24);
            out[4 * i + 1] = (byte) (t[i] >>> 16);
            out[4 * i + 2] = (byte) (t[i] >>> 8);
            out[4 * i + 3] = (byte) t[i];
        }
        Arrays.fill(t, 0);
        Arrays.fill(u, 0);
        Arrays.fill(state, 0);
        Arrays.fill(inner, 0);
        Arrays.fill(outer, 0);
        Arrays.fill(w, 0);
        Arrays.fill(first, (byte) 0);
        return out;
    }

    /**
     * One more U: {@code u = HMAC(password, u)}, {@code t ^= u}. A method of its own so that the JIT
     * compiles it after its first calls (a loop body inside {@code derive}, which runs once, would
     * stay interpreted).
     */
    private static void iterate(int[] inner, int[] outer, int[] state, int[] u, int[] t, int[] w) {
        System.arraycopy(inner, 0, state, 0, 8);
        digestBlock(state, u, w);
        outerHash(outer, state, u, w);
        for (int i = 0; i < 8; i++) {
            t[i] ^= u[i];
        }
    }

    /** The SHA-256 state after the key (zero-padded to a block) xor {@code pad}. */
    private static int[] padState(byte[] key, int pad, int[] w) {
        for (int i = 0; i < 16; i++) {
            int word = 0;
            for (int j = 0; j < 4; j++) {
                int k = 4 * i + j;
                word = (word << 8) | (((k < key.length ? key[k] : 0) ^ pad) & 0xff);
            }
            w[i] = word;
        }
        int[] state = INITIAL.clone();
        compress(state, w);
        return state;
    }

    /** outer pad's state + the 32-byte inner digest in {@code state}, finished; the result in {@code out}. */
    private static void outerHash(int[] outer, int[] state, int[] out, int[] w) {
        System.arraycopy(state, 0, out, 0, 8);
        System.arraycopy(outer, 0, state, 0, 8);
        digestBlock(state, out, w);
        System.arraycopy(state, 0, out, 0, 8);
    }

    /** Hashes the 32-byte message {@code digest} after one block already in {@code state}, with padding. */
    private static void digestBlock(int[] state, int[] digest, int[] w) {
        System.arraycopy(digest, 0, w, 0, 8);
        w[8] = 0x80000000;
        w[9] = 0;
        w[10] = 0;
        w[11] = 0;
        w[12] = 0;
        w[13] = 0;
        w[14] = 0;
        w[15] = PAD_AND_DIGEST_BITS;
        compress(state, w);
    }

    /** Hashes {@code message} and SHA-256's padding into {@code state}, after {@code before} bytes already hashed. */
    private static void finish(int[] state, byte[] message, long before, int[] w) {
        long bits = (before + message.length) * 8;
        int padded = ((message.length + 8) / BLOCK + 1) * BLOCK; // message, 0x80, zeros, 64-bit length
        byte[] block = new byte[BLOCK];
        for (int offset = 0; offset < padded; offset += BLOCK) {
            for (int i = 0; i < BLOCK; i++) {
                int at = offset + i;
                block[i] = at < message.length ? message[at] : at == message.length ? (byte) 0x80 : 0;
            }
            if (offset + BLOCK == padded) {
                for (int i = 0; i < 8; i++) {
                    block[BLOCK - 1 - i] = (byte) (bits >>> (8 * i));
                }
            }
            for (int i = 0; i < 16; i++) {
                w[i] = (block[4 * i] & 0xff) << 24
                        | (block[4 * i + 1] & 0xff) << 16
                        | (block[4 * i + 2] & 0xff) << 8
                        | (block[4 * i + 3] & 0xff);
            }
            compress(state, w);
        }
        Arrays.fill(block, (byte) 0);
    }

    /** One SHA-256 compression of the block {@code w} (16 big-endian words, overwritten) into {@code s}. */
    private static void compress(int[] s, int[] w) {
        int a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
        for (int t = 0; t < 64; t++) {
            int wt;
            if (t < 16) {
                wt = w[t];
            } else {
                int w15 = w[(t - 15) & 15];
                int w2 = w[(t - 2) & 15];
                wt = w[t & 15] += (Integer.rotateRight(w15, 7) ^ Integer.rotateRight(w15, 18) ^ (w15 >>> 3))
                        + w[(t - 7) & 15]
                        + (Integer.rotateRight(w2, 17) ^ Integer.rotateRight(w2, 19) ^ (w2 >>> 10));
            }
            int t1 = h
                    + (Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25))
                    + ((e & f) ^ (~e & g))
                    + K[t]
                    + wt;
            int t2 = (Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22))
                    + ((a & b) ^ (a & c) ^ (b & c));
            h = g;
            g = f;
            f = e;
            e = d + t1;
            d = c;
            c = b;
            b = a;
            a = t1 + t2;
        }
        s[0] += a;
        s[1] += b;
        s[2] += c;
        s[3] += d;
        s[4] += e;
        s[5] += f;
        s[6] += g;
        s[7] += h;
    }
}
