import { useParams } from 'react-router';
import { ResourceShow } from '../../components/resource/resource-show';

/**
 * A customer's page: its facts, its projects (created and edited here, the customer preset)
 * and History. Jobs, headcount and invoices join `related` as they are built.
 */
export function CustomerShowPage() {
  const { id } = useParams();
  return <ResourceShow key={id} resource="customers" id={id!} related={[{ resource: 'projects', filter: { customerId: id! } }]} />;
}
