// LoopX dashboard: a read-only view of the CLI's own documents (/api/*). It never writes:
// owner actions are shown as CLI commands to copy. Live: /api/heads is polled every 500 ms and
// the view is re-read when the published version moves (a ledger head moved).
'use strict';
(function () {
  var POLL_MS = 500;
  var state = { version: -1, overview: null, goal: null, filters: { type: '', agent: '' }, failures: 0 };
  var main = document.getElementById('main');

  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === 'text') el.textContent = String(v);
        else if (k === 'cls') el.className = v;
        else if (k === 'width') el.style.width = v; // CSSOM: the page's CSP allows no inline style attribute
        else if (k.indexOf('on') === 0) el.addEventListener(k.slice(2), v);
        else el.setAttribute(k, v === true ? '' : String(v));
      });
    }
    for (var i = 2; i < arguments.length; i++) add(el, arguments[i]);
    return el;
  }
  function add(el, kid) {
    if (kid === null || kid === undefined || kid === false) return;
    if (Array.isArray(kid)) { kid.forEach(function (k) { add(el, k); }); return; }
    el.appendChild(typeof kid === 'object' ? kid : document.createTextNode(String(kid)));
  }
  function arr(x) { return Array.isArray(x) ? x : []; }
  function shellQuote(s) {
    s = String(s);
    return /^[A-Za-z0-9_.:\/=,+-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
  }
  // A command as it pastes and runs: every word quoted for the shell, no placeholder in it. What
  // only the person can give (a reason, say) is named beside it, in `inputs` ([[flag, meaning]]),
  // never put into the command.
  function command(args, inputs) {
    var text = 'loopx ' + args.map(shellQuote).join(' ');
    var code = h('code', { text: text });
    var needs = arr(inputs).map(function (i) {
      return h('div', { cls: 'muted needs', 'data-testid': 'command-input' }, 'add ' + i[0] + ': ' + i[1]);
    });
    return h('div', { cls: 'cmd', 'data-testid': 'command' }, code,
      h('button', { type: 'button', text: 'copy', title: 'copy the command', onclick: function (e) {
        var button = e.target;
        var done = function () { button.textContent = 'copied'; };
        if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () { select(code); });
        else select(code);
      } }), needs);
  }
  function select(node) {
    var range = document.createRange(); range.selectNodeContents(node);
    var sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
  }
  function badge(text, kind) { return h('span', { cls: 'badge ' + (kind || '') }, text); }
  function lifecycleBadge(lifecycle) {
    var s = (lifecycle && lifecycle.state) || String(lifecycle || '');
    return badge(s, s === 'active' ? 'ok' : 'wait');
  }

  function quotaBar(q) {
    if (!q) return null;
    var spent = Number(q.spent_slots || 0), allowed = Number(q.allowed_slots || 0);
    var pct = allowed > 0 ? Math.min(100, Math.round(spent * 1000 / allowed) / 10) : 100;
    var label = 'quota ' + spent + ' / ' + allowed + ' slots spent';
    var bar = h('div', { cls: 'bar', role: 'progressbar', 'aria-label': label, 'aria-valuemin': 0,
      'aria-valuemax': allowed, 'aria-valuenow': spent, 'data-testid': 'quota-bar' },
      h('span', { width: (spent > 0 ? Math.max(pct, 0.5) : 0) + '%' }));
    var window = (q.window_hours !== undefined ? q.window_hours + ' h window' : '');
    var parts = [spent + ' / ' + allowed + ' slots', window, 'compute ' + q.compute, q.state];
    if (q.next_eligible_at) parts.push('next eligible ' + q.next_eligible_at);
    return h('div', { cls: 'quota' }, h('span', { cls: 'muted', text: 'quota' }), bar,
      h('span', { 'data-testid': 'quota-text', text: parts.filter(Boolean).join(' · ') }));
  }

  // ---- lanes: the should-run answer in words --------------------------------------------------
  function answerWords(d) {
    if (!d || d.schema_version !== 'loopx_quota_decision_v0') {
      return { cls: 'waits', word: 'no answer', text: 'no answer — ' + ((d && (d.message || d.error_code)) || 'unreadable') };
    }
    return d.should_run
      ? { cls: 'runs', word: 'runs now', text: 'runs now — ' + (d.reason || d.effective_action) }
      : { cls: 'waits', word: 'waits', text: 'waits — ' + (d.reason || d.effective_action) };
  }
  function nextWake(d) {
    var hint = (d && d.scheduler_hint) || {};
    var app = hint.app_automation || {};
    var backoff = app.stateful_backoff || {};
    var parts = [];
    if (hint.action) parts.push(hint.action.replace(/_/g, ' '));
    if (app.recommended_rrule) parts.push(app.recommended_rrule);
    if (backoff.progression_index !== undefined) parts.push('backoff step ' + backoff.progression_index);
    if (d && d.quota && d.quota.next_eligible_at) parts.push('quota opens ' + d.quota.next_eligible_at);
    var why = hint.reason_code ? 'why: ' + hint.reason_code.replace(/_/g, ' ') : '';
    return [parts.join(' · '), why ? h('div', { cls: 'muted', text: why }) : null];
  }
  function todoBrief(t) {
    if (!t) return h('span', { cls: 'muted', text: 'none' });
    return h('span', null, t.text || '', ' ', h('code', { cls: 'muted', text: t.todo_id }),
      t.claimed_by ? h('span', { cls: 'muted', text: ' claimed by ' + t.claimed_by }) : null);
  }
  function lanesTable(lanes) {
    if (!lanes.length) return h('p', { cls: 'muted', text: 'no lanes' });
    return h('table', null,
      h('tr', null, h('th', { text: 'lane' }), h('th', { text: 'should it run?' }), h('th', { text: 'selected todo' }), h('th', { text: 'next wake' })),
      lanes.map(function (l) {
        var w = answerWords(l.decision);
        return h('tr', { 'data-testid': 'lane', 'data-agent': l.agent_id },
          h('td', null, l.agent_id || h('span', { cls: 'muted', text: '(no agents)' })),
          h('td', { cls: w.cls, 'data-testid': 'lane-answer' }, h('strong', { text: w.word }), w.text.slice(w.word.length)),
          h('td', null, todoBrief(l.decision && l.decision.selected_todo)),
          h('td', null, nextWake(l.decision)));
      }));
  }

  function gateList(goalId, gates) {
    if (!gates.length) return h('p', { cls: 'muted', text: 'no open gates' });
    return h('ul', { cls: 'plain' }, gates.map(function (g) {
      var whom = g.scope === 'global' || (!g.blocks_agent && g.scope !== 'agent') ? 'blocks every lane' : 'blocks ' + g.blocks_agent;
      return h('li', { 'data-testid': 'gate' },
        h('strong', { text: g.question || g.text || g.todo_id }), ' ', badge(whom, 'wait'),
        command(['todo', 'complete', '--goal-id', goalId, '--todo-id', g.todo_id, '--decision-outcome', 'approve']),
        command(['todo', 'complete', '--goal-id', goalId, '--todo-id', g.todo_id, '--decision-outcome', 'reject']),
        command(['todo', 'complete', '--goal-id', goalId, '--todo-id', g.todo_id, '--decision-outcome', 'cancel']));
    }));
  }

  function risksFor(overview, label, goalId) {
    var out = [];
    arr(overview && overview.global_risks && overview.global_risks.projects).forEach(function (p) {
      if (p.project_label !== label) return;
      arr(p.risks).forEach(function (r) { if (!goalId || r.goal_id === goalId) out.push(r); });
    });
    return out;
  }

  function lifecycleActions(goalId, lifecycle) {
    if (!lifecycle || lifecycle.state === 'active') return null;
    return [h('h3', { text: 'resume' }),
      lifecycle.reason ? h('p', { cls: 'muted', text: 'stopped: ' + lifecycle.reason }) : null,
      command(['goal-lifecycle', '--goal-id', goalId, '--operation', 'resume', '--actor-kind', 'owner', '--execute'],
        [['--reason', 'why the goal resumes, in one public sentence']])];
  }

  function terminalBadge(g) {
    if (!g.terminal) return null;
    var ts = g.terminal_state;
    return badge('terminal' + (ts && ts.state ? ': ' + ts.state : ''), 'ok');
  }

  // ---- overview ---------------------------------------------------------------------------------
  function renderOverview(o) {
    var cards = [];
    var unavailable = arr(o.global_risks && o.global_risks.unavailable_projects);
    var missing = arr(o.global_risks && o.global_risks.missing_projects);
    var missingLabels = missing.map(function (m) { return m.project_label; });
    arr(o.projects).forEach(function (p) {
      var status = p.status || {};
      if (status.ok === false && missingLabels.indexOf(p.project_label) >= 0) return; // its card is below
      if (status.ok === false && !arr(status.goals).length) {
        cards.push(h('div', { cls: 'card' }, h('h2', { text: p.project_label }),
          h('p', { cls: 'risk', text: (status.error_code || 'unreadable') + ': ' + (status.message || '') }),
          status.hint ? h('p', { cls: 'muted', text: 'hint: ' + status.hint }) : null));
        return;
      }
      arr(status.goals).forEach(function (g) {
        var lanes = arr(p.lanes).filter(function (l) { return l.goal_id === g.goal_id; });
        var risks = risksFor(o, p.project_label, g.goal_id);
        cards.push(h('div', { cls: 'card', 'data-testid': 'goal-card', 'data-goal': g.goal_id },
          h('h2', null, h('a', { href: '#/goal/' + p.project + '/' + encodeURIComponent(g.goal_id), text: g.goal_id }),
            lifecycleBadge(g.lifecycle), terminalBadge(g),
            h('span', { cls: 'muted', text: '  ' + p.project_label + ' · head ' + p.head_seq })),
          h('div', { text: g.objective || '' }),
          quotaBar(g.quota),
          h('h3', { text: 'lanes' }), lanesTable(lanes),
          arr(g.lane_liveness).length ? h('ul', { cls: 'plain' }, arr(g.lane_liveness).map(function (l) {
            return h('li', { cls: l.silent || (l.stop && l.stop.after_stop) ? 'risk' : 'muted', 'data-testid': 'liveness', text: l.words });
          })) : null,
          h('h3', { text: 'open gates' }), gateList(g.goal_id, arr(g.open_user_gates)),
          lifecycleActions(g.goal_id, g.lifecycle),
          risks.length ? [h('h3', { text: 'risks' }), h('ul', { cls: 'plain' }, risks.map(function (r) {
            return h('li', { cls: 'risk', 'data-testid': 'risk' }, r.kind + ': ' + (r.detail || ''),
              r.fix ? h('div', null, h('code', { text: r.fix })) : null);
          }))] : null));
      });
    });
    unavailable.forEach(function (u) {
      cards.push(h('div', { cls: 'card', 'data-testid': 'unavailable-project', 'data-project': u.project_label },
        h('h2', { text: u.project_label }),
        h('p', { cls: 'risk', text: 'cannot be read (' + u.error_code + '): ' + (u.message || '') }),
        h('p', { cls: 'muted', text: 'loopx doctor, run in its folder, says what is wrong there; to stop listing it:' }),
        command(['projects', 'forget', u.project_label])));
    });
    // A project whose folder was moved or deleted: the others are still shown (issue 36, item 7).
    missing.forEach(function (m) {
      cards.push(h('div', { cls: 'card', 'data-testid': 'missing-project', 'data-project': m.project_label },
        h('h2', { text: m.project_label }),
        h('p', { cls: 'risk', text: 'missing: its folder was moved or deleted (projects.json still lists it)' }),
        h('p', { cls: 'muted', text: 'if it moved, run loopx connect --project . in its new folder; to forget it:' }),
        command(['projects', 'forget', m.project_label])));
    });
    setCrumbs([]);
    replace(h('div', null,
      h('p', { cls: 'muted', text: o.project_count + ' project(s) in projects.json · ' +
        (o.global_risks && o.global_risks.risk_count !== undefined ? o.global_risks.risk_count + ' risk(s)' : '') }),
      cards.length ? h('div', { cls: 'grid' }, cards)
        : h('p', null, 'No project is connected yet: ', h('code', { text: 'loopx connect --project .' }))));
  }

  // ---- goal page ---------------------------------------------------------------------------------
  function payloadText(p) {
    if (!p || typeof p !== 'object') return '';
    return Object.keys(p).map(function (k) {
      var v = p[k];
      if (v === '' || v === null || v === undefined) return null;
      if (typeof v === 'object') v = JSON.stringify(v);
      v = String(v);
      return k + '=' + (v.length > 120 ? v.slice(0, 117) + '…' : v);
    }).filter(Boolean).join('  ');
  }
  function eventAgent(e) { return (e.payload && e.payload.agent_id) || (e.actor && e.actor.kind === 'agent' ? e.actor.id : '') || ''; }
  function eventItem(e) {
    return h('li', { 'data-testid': 'event', 'data-type': e.type },
      h('code', { text: '#' + e.seq }), ' ', h('code', { cls: 'hash', text: String(e.hash || '').slice(0, 12) }), ' ',
      h('strong', { text: e.type }), ' ', h('span', { cls: 'muted', text: (e.recorded_at || '') + ' · ' + (e.actor ? e.actor.kind + ':' + e.actor.id : '') }),
      h('div', null, h('code', { text: payloadText(e.payload) })));
  }
  function eventsOf(events, types) { return events.filter(function (e) { return types.indexOf(e.type) >= 0; }); }
  function section(title, body, testid) { return h('section', { cls: 'card', 'data-testid': testid || null }, h('h3', { text: title }), body); }
  function list(items, empty) { return items.length ? h('ul', { cls: 'plain' }, items) : h('p', { cls: 'muted', text: empty }); }

  function todoTable(goalId, todos) {
    if (!todos.length) return h('p', { cls: 'muted', text: 'no todos' });
    return h('table', null,
      h('tr', null, ['#', 'todo', 'role / class', 'status', 'claim', 'resume when', 'successors', ''].map(function (t) { return h('th', { text: t }); })),
      todos.map(function (t, i) {
        var gate = t.task_class === 'user_gate';
        var whom = gate ? (t.global_gate ? 'blocks every lane' : (t.blocks_agent ? 'blocks ' + t.blocks_agent : '')) : '';
        return h('tr', { 'data-testid': 'todo', 'data-status': t.status },
          h('td', { cls: 'muted', text: String(i + 1) }),
          h('td', null, t.text, ' ', h('code', { cls: 'muted', text: t.todo_id }), t.priority ? badge(t.priority) : null),
          h('td', { text: t.role + ' / ' + t.task_class }),
          h('td', null, t.status, t.decision_outcome ? badge(t.decision_outcome) : null, t.superseded_by ? h('div', { cls: 'muted', text: 'superseded by ' + t.superseded_by }) : null),
          h('td', { text: t.claimed_by || '' }),
          h('td', { text: t.resume_when || '' }),
          h('td', null, arr(t.successor_todo_ids).map(function (s) { return h('div', null, h('code', { text: s })); }), t.unblocks_todo_id ? h('div', { cls: 'muted', text: 'unblocks ' + t.unblocks_todo_id }) : null),
          h('td', null, whom ? badge(whom, 'wait') : null,
            gate && t.status === 'open' ? command(['todo', 'complete', '--goal-id', goalId, '--todo-id', t.todo_id, '--decision-outcome', 'approve']) : null));
      }));
  }

  // one block per lane and surface: the surfaces the lane has installs or scheduler events on,
  // each with should-run asked under that surface's profile; a lane with none shows its one answer
  function schedulerLanes(l, acks) {
    var surfaces = arr(l.surfaces);
    if (!surfaces.length) { return [schedulerLane(l, { runtime_profile: l.runtime_profile, decision: l.decision }, acks)]; }
    return surfaces.map(function (s) { return schedulerLane(l, s, acks); });
  }

  function schedulerLane(l, s, acks) {
    var d = s.decision || {};
    var hint = d.scheduler_hint || {};
    var app = hint.app_automation || {};
    var b = app.stateful_backoff || {};
    var reset = hint.reset_policy || {};
    var poll = hint.unchanged_poll || {};
    // the Codex App's stateful backoff applies to its own surface only; other hosts run a local loop
    var appSurface = !s.surface || s.surface === app.surface;
    var local = (hint.cold_path_detail && hint.cold_path_detail.local_scheduler) || {};
    if (!appSurface) { app = {}; b = {}; }
    var rows = [
      ['runtime profile', s.runtime_profile],
      ['action', hint.action], ['cadence', hint.cadence_class], ['why', hint.reason_code],
      ['surface', s.surface || app.surface], ['reset token', reset.reset_token || b.reset_token],
      ['local loop: next ask in', appSurface || local.recommended_interval_minutes == null ? '' : local.recommended_interval_minutes + ' min (at most ' + local.max_interval_minutes + ' min)'],
      ['recommended RRULE', app.recommended_rrule], ['current RRULE', b.current_rrule],
      ['backoff', b.state_key ? b.state_key + ' step ' + b.progression_index + ' (' + b.state_status + ')' : ''],
      ['apply / ack needed', b.state_key ? String(b.apply_needed) + ' / ' + String(b.ack_needed) : ''],
      ['unchanged polls after limit', poll.after_limits ? payloadText(poll.after_limits) : '']
    ].filter(function (r) { return r[1] !== undefined && r[1] !== ''; });
    var laneAcks = acks.filter(function (e) {
      return (!l.agent_id || eventAgent(e) === l.agent_id) &&
        (!s.surface || String((e.payload && e.payload.surface) || '').replace(/-/g, '_') === s.surface);
    });
    var lastToken = null;
    var ackItems = laneAcks.map(function (e) {
      var token = e.payload && (e.payload.reset_token || '');
      var changed = lastToken !== null && token !== lastToken;
      lastToken = token;
      return h('li', null, h('code', { text: '#' + e.seq }), ' ', e.type, ' ', h('code', { text: payloadText(e.payload) }),
        changed ? badge('reset token changed', 'wait') : null);
    });
    var upgrade = d.automation_prompt_upgrade || {};
    var ack = app.ack_hint && arr(app.ack_hint.cli_args);
    var w = answerWords(d);
    return h('div', { 'data-testid': 'scheduler-lane', 'data-surface': s.surface || '' },
      h('h3', { text: 'lane ' + (l.agent_id || '(no agents)') + (s.surface ? ' · surface ' + s.surface : '') }),
      h('p', { cls: w.cls === 'runs' ? 'runs' : 'waits' }, h('strong', { cls: w.cls, text: w.text })),
      h('table', null, rows.map(function (r) { return h('tr', null, h('th', { text: r[0] }), h('td', { text: r[1] })); })),
      ack && ack.length ? [h('div', { cls: 'muted', text: 'the host acknowledges an applied RRULE with:' }), command(ack)] : null,
      upgrade.required ? [h('div', { cls: 'risk', 'data-testid': 'prompt-upgrade', text: 'pending prompt upgrade: ' + payloadText(upgrade) }),
        command(['automation-prompts', 'plan'])] : h('div', { cls: 'muted', text: 'no pending prompt upgrade' }),
      ackItems.length ? h('ul', { cls: 'plain' }, ackItems) : h('div', { cls: 'muted', text: 'no scheduler acknowledgements yet' }));
  }

  function renderGoal(doc) {
    var status = (arr(doc.status && doc.status.goals)[0]) || {};
    var goalId = doc.goal_id;
    var events = arr(doc.events);
    var todos = arr(doc.todo_list && doc.todo_list.todos);
    var gateIds = todos.filter(function (t) { return t.task_class === 'user_gate'; }).map(function (t) { return t.todo_id; });
    setCrumbs([doc.project_label, goalId]);
    if (doc.status && doc.status.ok === false) {
      replace(h('section', { cls: 'card' }, h('p', { cls: 'risk', text: (doc.status.error_code || '') + ': ' + (doc.status.message || '') })));
      return;
    }
    var gateEvents = events.filter(function (e) {
      return e.type === 'gate.decided' || (e.payload && gateIds.indexOf(e.payload.todo_id) >= 0);
    });
    var types = {}, agents = {};
    events.forEach(function (e) { types[e.type] = 1; var a = eventAgent(e); if (a) agents[a] = 1; });
    var f = state.filters;
    var shown = events.filter(function (e) {
      return (!f.type || e.type === f.type) && (!f.agent || eventAgent(e) === f.agent);
    }).slice().reverse();
    var verify = doc.ledger_verify || {};
    var acks = eventsOf(events, ['scheduler.acked', 'scheduler.host_update_failed']);
    function select(name, values, current) {
      return h('select', { 'data-testid': 'filter-' + name, onchange: function (e) { state.filters[name] = e.target.value; renderGoal(state.goal); } },
        h('option', { value: '', text: 'every ' + name }),
        Object.keys(values).sort().map(function (v) { return h('option', { value: v, text: v, selected: v === current }); }));
    }
    replace(h('div', null,
      h('section', { cls: 'card' },
        h('h2', null, goalId, lifecycleBadge(status.lifecycle), terminalBadge(status), h('span', { cls: 'muted', text: '  ' + doc.project_label + ' · head ' + doc.head_seq })),
        h('div', { text: status.objective || '' }),
        quotaBar((doc.quota_status && doc.quota_status.quota) || status.quota),
        h('h3', { text: 'open gates' }), gateList(goalId, arr(status.open_user_gates)),
        lifecycleActions(goalId, status.lifecycle),
        h('h3', { text: 'lanes' }), lanesTable(arr(doc.lanes))),
      section('todos (in order)', todoTable(goalId, todos), 'todos'),
      section('gates and their decisions', list(gateEvents.map(eventItem), 'no gate decisions yet'), 'gates'),
      section('rewards', [list(eventsOf(events, ['reward.recorded']).map(eventItem), 'no rewards yet'),
        ['positive', 'negative', 'mixed', 'neutral'].map(function (kind) {
          return command(['reward', '--goal-id', goalId, '--reward', kind, '--actor-kind', 'owner'],
            [['--reason-summary', 'why this reward, in one public sentence']]);
        })], 'rewards'),
      section('evidence writebacks and spends', list(eventsOf(events, ['evidence.recorded', 'quota.slot_spent', 'quota.slot_voided']).map(eventItem), 'none yet'), 'evidence'),
      section('scheduler state per lane and surface', arr(doc.lanes).map(function (l) { return schedulerLanes(l, acks); }), 'scheduler'),
      section('ledger timeline', [
        h('div', { cls: 'filters' }, select('type', types, f.type), select('agent', agents, f.agent),
          h('span', { cls: 'muted', text: shown.length + ' of the last ' + events.length + ' events of this goal' })),
        list(shown.map(eventItem), 'no events')], 'timeline'),
      section('ledger verify', h('p', { 'data-testid': 'verify-state' },
        verify.ok ? badge('verified', 'ok') : badge('verify failed', 'bad'), ' ',
        verify.ok ? verify.events_checked + ' events checked · head #' + verify.head_seq + ' ' + String(verify.head_hash || '').slice(0, 12)
          : (verify.error_code || '') + ' ' + (verify.message || '')), 'verify')));
  }

  // ---- plumbing ---------------------------------------------------------------------------------
  function replace(node) { main.replaceChildren(node); }
  function setCrumbs(parts) {
    var nav = document.getElementById('crumbs');
    nav.replaceChildren(h('a', { href: '#/', text: 'overview' }), parts.length ? ' / ' + parts.join(' / ') : '');
  }
  function route() {
    var m = /^#\/goal\/([0-9]+)\/(.+)$/.exec(location.hash);
    return m ? { goal: true, project: m[1], goalId: decodeURIComponent(m[2]) } : { goal: false };
  }
  function getJSON(url) {
    return fetch(url, { credentials: 'same-origin', cache: 'no-store' }).then(function (r) {
      if (r.status === 403) throw new Error('forbidden: open the URL loopx dashboard printed');
      return r.json();
    });
  }
  function load() {
    var r = route();
    if (r.goal) {
      return getJSON('/api/goal?project=' + r.project + '&goal_id=' + encodeURIComponent(r.goalId)).then(function (doc) {
        state.goal = doc; renderGoal(doc);
      });
    }
    return getJSON('/api/overview').then(function (doc) {
      performance.mark('loopx-overview-received');
      state.overview = doc; state.version = doc.version; renderOverview(doc);
      performance.mark('loopx-overview-rendered'); // bench/dashboard.mjs reads both marks
    });
  }
  function poll() {
    getJSON('/api/heads').then(function (heads) {
      document.getElementById('live').className = 'live';
      if (heads.version !== state.version) {
        state.version = heads.version;
        return load();
      }
    }).catch(function (e) {
      var live = document.getElementById('live');
      live.className = 'live stale'; live.textContent = 'offline';
      live.title = String(e && e.message || e);
    }).then(function () { setTimeout(poll, POLL_MS); });
  }
  window.addEventListener('hashchange', function () { state.filters = { type: '', agent: '' }; load(); });
  // first paint: the overview (served ready-made, with its version); the poll then keeps it live
  load().catch(function (e) { replace(h('p', { cls: 'risk', text: String((e && e.message) || e) })); })
    .then(function () { setTimeout(poll, POLL_MS); });
})();
