import { useParams } from 'react-router';
import type { ResourcePageProps } from '../../app/web-module';
import { ResourceForm } from './resource-form';
import { ResourceList } from './resource-list';
import { ResourceShow } from './resource-show';

// The pages a resource gets when its web module writes none.

export function GenericListPage({ resource }: ResourcePageProps) {
  return <ResourceList resource={resource} />;
}

export function GenericCreatePage({ resource }: ResourcePageProps) {
  return <ResourceForm key={`${resource}-new`} resource={resource} action="create" />;
}

export function GenericEditPage({ resource }: ResourcePageProps) {
  const { id } = useParams();
  return <ResourceForm key={id} resource={resource} action="edit" id={id} />;
}

export function GenericShowPage({ resource }: ResourcePageProps) {
  const { id } = useParams();
  return <ResourceShow key={id} resource={resource} id={id!} />;
}
