# Sourced (never executed) by ./loopx, ./mvnw, .ci/run and the distribution's bin/loopx.
# Selects a JDK >= 21: JAVA_HOME first, then `java` on PATH, then /usr/lib/jvm/*.
# On success exports JAVA_HOME and LOOPX_JAVA_MAJOR (and sets loopx_runtime_version, the JDK's
# JAVA_RUNTIME_VERSION line); on failure prints why and returns 3. It reads the JDK's `release`
# file with shell built-ins rather than starting a JVM or another program: bin/loopx runs on
# every heartbeat, and each process a launcher starts costs a few milliseconds there.

loopx_read_release() {
  # $1: a JDK home. Sets loopx_major (17, 21, 25…) and loopx_runtime_version from $1/release;
  # fails when there is no readable release file or it names no version.
  loopx_major=""
  loopx_runtime_version=""
  [ -r "$1/release" ] || return 1
  while IFS= read -r loopx_line || [ -n "$loopx_line" ]; do
    case $loopx_line in
      JAVA_VERSION=\"[0-9]*)
        if [ -z "$loopx_major" ]; then
          loopx_major=${loopx_line#JAVA_VERSION=\"}
          loopx_major=${loopx_major%%[!0-9]*}
        fi ;;
      JAVA_RUNTIME_VERSION=*)
        [ -n "$loopx_runtime_version" ] || loopx_runtime_version=$loopx_line ;;
    esac
  done < "$1/release"
  [ -n "$loopx_major" ]
}

loopx_try_jdk() {
  # $1: a JDK home. Selects it when it is a JDK >= 21 (a JDK without a release file is asked).
  [ -x "$1/bin/java" ] || return 1
  if ! loopx_read_release "$1" && [ ! -r "$1/release" ]; then
    loopx_major=$("$1/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^[[:space:]]*java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1)
  fi
  if [ -n "$loopx_major" ] && [ "$loopx_major" -ge 21 ]; then
    JAVA_HOME="$1"
    LOOPX_JAVA_MAJOR="$loopx_major"
    export JAVA_HOME LOOPX_JAVA_MAJOR
    return 0
  fi
  # Only on the way to a refusal: name each JDK once (JAVA_HOME, java on PATH and a link under
  # /usr/lib/jvm are often the same one).
  loopx_canonical=$(cd -P -- "$1" 2>/dev/null && pwd -P) || loopx_canonical=$1
  case " $loopx_tried_homes " in
    *" $loopx_canonical "*) ;;
    *) loopx_tried_homes="$loopx_tried_homes $loopx_canonical"
       loopx_tried="$loopx_tried
  $loopx_canonical (Java ${loopx_major:-version unknown})" ;;
  esac
  return 1
}

loopx_install_suggestion() {
  # A package that exists on this system, read from /etc/os-release with shell built-ins.
  loopx_os_id=""
  loopx_os_version=""
  loopx_os_release=${LOOPX_OS_RELEASE:-/etc/os-release} # tests point it at a sample file
  if [ -r "$loopx_os_release" ]; then
    while IFS= read -r loopx_line || [ -n "$loopx_line" ]; do
      case $loopx_line in
        ID=*) loopx_os_id=${loopx_line#ID=} ;;
        VERSION_ID=*) loopx_os_version=${loopx_line#VERSION_ID=} ;;
      esac
    done < "$loopx_os_release"
  fi
  loopx_os_id=${loopx_os_id#\"}; loopx_os_id=${loopx_os_id%\"}
  loopx_os_version=${loopx_os_version#\"}; loopx_os_version=${loopx_os_version%\"}
  case "$loopx_os_id $loopx_os_version" in
    "debian 11"*|"debian 12"*)
      echo "Debian $loopx_os_version has no JDK 21 package: install Eclipse Temurin 21 from Adoptium's apt repository (apt-get install temurin-21-jdk, see https://adoptium.net/installation/linux/) or with SDKMAN (sdk install java 21-tem)" ;;
    debian*) echo "apt-get install openjdk-21-jdk-headless" ;;
    ubuntu*) echo "sudo apt-get install openjdk-21-jdk-headless" ;;
    fedora*|rhel*|centos*|rocky*|almalinux*) echo "sudo dnf install java-21-openjdk-headless" ;;
    alpine*) echo "apk add openjdk21-jdk" ;;
    arch*|manjaro*) echo "sudo pacman -S jdk21-openjdk" ;;
    *)
      if [ "$(uname -s 2>/dev/null)" = Darwin ]; then echo "brew install openjdk@21"
      else echo "a JDK 21 or newer from https://adoptium.net (or SDKMAN: sdk install java 21-tem)"; fi ;;
  esac
}

loopx_select_jdk() {
  loopx_tried=""
  loopx_tried_homes=""
  if [ -n "${JAVA_HOME:-}" ] && loopx_try_jdk "$JAVA_HOME"; then
    return 0
  fi
  loopx_path_java=""
  if command -v java >/dev/null 2>&1; then
    loopx_path_java=$(readlink -f "$(command -v java)")
    loopx_path_java=${loopx_path_java%/bin/java}
  fi
  for loopx_candidate in ${loopx_path_java:+"$loopx_path_java"} /usr/lib/jvm/*; do
    if loopx_try_jdk "$loopx_candidate"; then
      return 0
    fi
  done
  echo "loopx: no JDK 21 or newer found; looked at JAVA_HOME, java on PATH and /usr/lib/jvm and found:${loopx_tried:- no JDK at all}" >&2
  echo "loopx: install one ($(loopx_install_suggestion)), or set JAVA_HOME to one you have." >&2
  return 3
}
