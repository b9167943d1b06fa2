# Sourced by the scripts that start the product for tests: loopback ports chosen free at start, and a
# check that what answers on a port is the process the script started (something else already
# listening there — a developer's `make run`, another test — would otherwise be tested instead, and
# the run would fail late with an unrelated error, or pass against the wrong thing).

# free_ports N: N distinct TCP ports of 127.0.0.1, free now, on one line. They are picked at random
# below the kernel's ephemeral range (ip_local_port_range), so that while a test restarts a server on
# its port, no client connection can take that port as its own end meanwhile. Each is reserved for
# the calling script while it runs (a file per port under /tmp/mtaani-ports naming its process), so
# that scripts run side by side (`make test`'s steps) never pick the same port before binding it.
free_ports() {
  python3 - "$1" "$$" <<'EOF'
import fcntl, os, random, socket, sys

reservations = "/tmp/mtaani-ports"
os.makedirs(reservations, exist_ok=True)
owner = int(sys.argv[2])

def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True

def reserve(port):
    """True when `port` is now this script's: unreserved, or held by a process that has ended."""
    path = os.path.join(reservations, str(port))
    try:
        holder = int(open(path).read().strip())
    except (OSError, ValueError):
        holder = 0
    if holder and alive(holder):
        return False
    with open(path, "w") as f:
        f.write(f"{owner}\n")
    return True

# One script at a time picks and reserves (the lock goes with this process).
lock = open(os.path.join(reservations, ".lock"), "w")
fcntl.flock(lock, fcntl.LOCK_EX)

try:
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    low = 32768
want = int(sys.argv[1])
candidates = range(10000, max(low, 10000 + 100 * want))
ports, held = [], []
for port in random.sample(candidates, k=min(len(candidates), 3000)):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        s.close()
        continue
    if not reserve(port):
        s.close()
        continue
    held.append(s)
    ports.append(port)
    if len(ports) == want:
        break
if len(ports) < want:
    sys.exit("free_ports: not enough free ports below the ephemeral range")
print(" ".join(map(str, ports)))
EOF
}

# listens_on PID PORT: true when process PID (or one of its children, as nginx's workers) holds the
# listening socket of 127.0.0.1:PORT.
listens_on() {
  local pid=$1 port=$2 owners
  owners=$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u)
  [[ -n $owners ]] || return 1
  local p
  for p in $owners; do
    [[ $p == "$pid" ]] && return 0
    [[ "$(ps -o ppid= -p "$p" 2>/dev/null | tr -d ' ')" == "$pid" ]] && return 0
  done
  return 1
}

# port_is_free PORT: nothing listens on 127.0.0.1:PORT.
port_is_free() {
  ! ss -Hltn "sport = :$1" 2>/dev/null | grep -q LISTEN
}

# expect_ours WHAT PID PORT...: stops the script unless PID listens on every PORT.
expect_ours() {
  local what=$1 pid=$2
  shift 2
  local port
  for port in "$@"; do
    if ! listens_on "$pid" "$port"; then
      echo "$what: 127.0.0.1:$port is not held by the process started (pid $pid): $(ss -Hltnp "sport = :$port" 2>/dev/null)" >&2
      return 1
    fi
  done
}
