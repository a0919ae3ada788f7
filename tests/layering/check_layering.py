#!/usr/bin/env python3
"""Fails when an #include crosses the layers the wrong way.

Layers go one way: app -> ui -> core. Inside each library, a module (a folder) may include
only the modules listed for it below, which is the graph README.md's Architecture section
draws. The core never includes a Qt header, nothing includes with "../", and no header
includes itself through others (a cycle).

Usage: check_layering.py PROJECT_ROOT
"""
import os
import re
import sys

CORE = {
    'base': set(),
    'text': {'base', 'io'},
    'io': {'base'},
    'masks': {'base'},
    'kernels': {'base', 'masks'},
    'model': {'base', 'text', 'io', 'masks'},
    'attention': {'base', 'text', 'io', 'masks', 'kernels', 'model'},
    'formats': {'base', 'text', 'io', 'masks', 'model', 'attention'},
    'gpt2': {'base', 'text', 'io', 'masks', 'kernels', 'model', 'attention', 'formats'},
    'labs': {'base', 'io', 'masks', 'kernels'},
    'costlab': {'base', 'io', 'masks', 'kernels'},
    'heads': {'base', 'text', 'io', 'masks', 'kernels', 'model', 'attention', 'formats', 'gpt2'},
    'sources': {'base', 'text', 'io', 'masks', 'kernels', 'model', 'attention', 'formats', 'gpt2', 'heads'},
}
UI = {
    'style': set(),
    'i18n': set(),
    'jobs': set(),
    'figures': set(),
    'heatmap': {'style', 'i18n', 'jobs'},
    'compute': {'heatmap', 'jobs'},
    'panels': {'heatmap', 'i18n', 'style'},
    'heads': {'heatmap', 'i18n', 'style', 'jobs', 'figures'},
    'export': {'heatmap', 'heads', 'i18n', 'style', 'jobs', 'figures'},
    'labs': {'export', 'heatmap', 'i18n', 'style', 'jobs', 'figures'},
    'costlab': {'export', 'heatmap', 'i18n', 'style', 'jobs', 'figures'},
    'shell': {'style', 'i18n', 'jobs', 'figures', 'heatmap', 'compute', 'panels', 'export', 'labs', 'heads', 'costlab'},
}
LIBRARIES = {'core': CORE, 'ui': UI}
# What each top-level folder may include besides itself.
LAYERS = {'core': set(), 'ui': {'core'}, 'app': {'core', 'ui'}}

# Work off the GUI thread has one way: ui/jobs (LatestJob). Elsewhere in ui/ and app/ these
# headers would be a second way (a private pool, a watcher, a thread of one's own).
THREAD_HEADERS = re.compile(r'^(QThreadPool|QFutureWatcher|QtConcurrent.*|thread|future)$')
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
QT_HEADER = re.compile(r'^Qt|^Q[A-Z]')


def sources(root):
    for top in ('core', 'ui', 'app', 'tests'):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if name.endswith(('.h', '.cpp', '.inl')):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, root).replace(os.sep, '/')


def main(root):
    problems = []
    graph = {}
    for path in sorted(sources(root)):
        with open(os.path.join(root, path), encoding='utf-8') as f:
            text = f.read()
        parts = path.split('/')
        top = parts[0]
        module = parts[1] if len(parts) > 2 else None
        graph[path] = []
        for kind, target in INCLUDE.findall(text):
            where = f'{path}: #include {kind}{target}{">" if kind == "<" else chr(34)}'
            if '..' in target.split('/'):
                problems.append(f'{where}: include by the project path, not with ../')
                continue
            if kind == '<':
                if top == 'core' and QT_HEADER.match(target):
                    problems.append(f'{where}: the core never includes Qt')
                if top in ('ui', 'app') and module != 'jobs' and THREAD_HEADERS.match(target):
                    problems.append(f'{where}: work off the GUI thread goes through ui/jobs (LatestJob)')
                continue
            target_parts = target.split('/')
            target_top = target_parts[0]
            if target_top not in ('core', 'ui', 'app', 'tests'):
                continue  # a file of the same folder, or a generated one
            graph[path].append(target)
            if top == 'tests':
                continue
            if target_top != top and target_top not in LAYERS.get(top, set()):
                problems.append(f'{where}: {top}/ may not include {target_top}/ (app -> ui -> core)')
                continue
            if target_top == top and top in LIBRARIES and module and len(target_parts) > 2:
                target_module = target_parts[1]
                allowed = LIBRARIES[top].get(module)
                if allowed is None:
                    problems.append(f'{path}: module {top}/{module} is not in the layering table')
                elif target_module != module and target_module not in allowed:
                    problems.append(f'{where}: {top}/{module} may not include {top}/{target_module} '
                                    f'(it may include {", ".join(sorted(allowed)) or "no other module"})')
    # Cycles between project files.
    state = {}
    stack = []

    def visit(node):
        state[node] = 'open'
        stack.append(node)
        for child in graph.get(node, []):
            if state.get(child) == 'open':
                cycle = stack[stack.index(child):] + [child]
                problems.append('include cycle: ' + ' -> '.join(cycle))
            elif child not in state:
                visit(child)
        stack.pop()
        state[node] = 'done'

    for node in sorted(graph):
        if node not in state:
            visit(node)
    for module_table, top in ((CORE, 'core'), (UI, 'ui')):
        for module in sorted(os.listdir(os.path.join(root, top))):
            if os.path.isdir(os.path.join(root, top, module)) and module not in module_table:
                problems.append(f'{top}/{module}/ is not in the layering table of tests/layering/check_layering.py')
    for line in problems:
        print(line)
    if problems:
        print(f'{len(problems)} layering problem(s)')
        return 1
    print(f'{len(graph)} files: every include goes the right way, no cycle')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else '.'))
