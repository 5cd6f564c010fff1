# Sourced (never executed) by ./loopx, ./mvnw, .ci/run and the distribution's bin/loopx.
# Selects a JDK >= 21: JAVA_HOME first, then `java` on PATH, then /usr/lib/jvm/*.
# On success exports JAVA_HOME and LOOPX_JAVA_MAJOR; on failure prints why and returns 3.
# It reads the JDK's `release` file rather than starting a JVM, so it costs ~1 ms per launch.

loopx_java_major() {
  # $1: a JDK home. Prints its feature version (17, 21, 25…) or nothing.
  if [ -r "$1/release" ]; then
    sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$1/release" | head -n 1
  else
    "$1/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^[[:space:]]*java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
  fi
}

loopx_select_jdk() {
  loopx_path_java=""
  if command -v java >/dev/null 2>&1; then
    loopx_path_java=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
  fi
  loopx_tried=""
  for loopx_candidate in ${JAVA_HOME:+"$JAVA_HOME"} ${loopx_path_java:+"$loopx_path_java"} /usr/lib/jvm/*; do
    [ -x "$loopx_candidate/bin/java" ] || continue
    loopx_major=$(loopx_java_major "$loopx_candidate")
    loopx_tried="$loopx_tried $loopx_candidate (${loopx_major:-unknown})"
    if [ -n "$loopx_major" ] && [ "$loopx_major" -ge 21 ]; then
      JAVA_HOME="$loopx_candidate"
      LOOPX_JAVA_MAJOR="$loopx_major"
      export JAVA_HOME LOOPX_JAVA_MAJOR
      return 0
    fi
  done
  echo "loopx: no JDK 21 or newer found; looked at JAVA_HOME, java on PATH and /usr/lib/jvm:${loopx_tried:- nothing there}" >&2
  echo "loopx: install one (for example: apt-get install openjdk-21-jdk-headless) or set JAVA_HOME to it." >&2
  return 3
}
